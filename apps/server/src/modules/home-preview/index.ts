/** The home-preview module's public face: replicas of settings to try at home (§9). */
export { createHomePreviewService, type HomePreviewService } from './service.ts';
export { homePreviewRoutes } from './routes.ts';
export { HomePreviewStepRefused, type HomePreviewDesk, type RecordHomePreviewStep } from './steps.ts';
export type { StaffHomePreview } from './wire.ts';
