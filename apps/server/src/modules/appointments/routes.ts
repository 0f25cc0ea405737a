import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  appointmentRequestSchema,
  appointmentResponseSchema,
  appointmentSlotsQuerySchema,
  appointmentSlotsResponseSchema,
  errorResponseSchema,
  validationErrorSchema,
} from '@everstone/contract';
import { RATE_LIMITS, type RateLimiter } from '../../plugins/rate-limit.ts';
import type { AppointmentService } from './service.ts';

export function appointmentRoutes(service: AppointmentService, deps: { limiter: RateLimiter }): FastifyPluginAsyncZod {
  return async function (app) {
    app.post(
      '/appointments',
      {
        schema: {
          tags: ['appointments'],
          summary: 'Book a virtual or in-person showroom appointment',
          description:
            'starts_at must be a 30-minute slot from 10:00 am to 6:30 pm Eastern, at least an hour ahead and at most 90 days ahead. ' +
            'A slot holds one appointment per kind; a taken one answers 409. The shopper and the store are emailed.',
          body: appointmentRequestSchema,
          response: { 201: appointmentResponseSchema, 409: errorResponseSchema, 422: validationErrorSchema, 429: errorResponseSchema },
        },
        preValidation: deps.limiter.guard(RATE_LIMITS.appointments),
      },
      async (request, reply) => reply.status(201).send(await service.bookAppointment(request.body)),
    );

    app.get(
      '/appointments/slots',
      {
        schema: {
          tags: ['appointments'],
          summary: 'The slots of one showroom day and whether each can be booked',
          querystring: appointmentSlotsQuerySchema,
          response: { 200: appointmentSlotsResponseSchema, 400: errorResponseSchema },
        },
      },
      async (request) => service.listSlots(request.query.date, request.query.kind),
    );
  };
}
