/** The appointments module's public face. */
export { createAppointmentService, type AppointmentService } from './service.ts';
export { appointmentRoutes } from './routes.ts';
export { createAppointmentDesk, type AppointmentDesk, type RecordAppointment } from './desk.ts';
