/** The contact module's public face. */
export { createContactService, CONTACT_THANK_YOU, type ContactService } from './service.ts';
export { contactRoutes } from './routes.ts';
export { createContactDesk, type ContactDesk, type RecordContact } from './desk.ts';
