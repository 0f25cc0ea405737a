/** The newsletter module's public face. */
export { createNewsletterService, NEWSLETTER_MESSAGES, type NewsletterService } from './service.ts';
export { newsletterRoutes } from './routes.ts';
