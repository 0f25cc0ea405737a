import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { STORE_TIME_ZONE, storeCalendarSchema, storeClosures } from '@everstone/contract';

/** GET /api/calendar: the business calendar the store's dates are counted on, for a page or a partner to count alike. */
export function calendarRoutes(): FastifyPluginAsyncZod {
  return async function (app) {
    app.get(
      '/calendar',
      {
        schema: {
          tags: ['store'],
          summary: 'The days the store neither makes nor ships, besides weekends',
          description:
            'Ships-by dates are counted in business days in the store’s time zone: Saturdays, Sundays and these days (the US federal holidays and the store’s own closures, this year and the next two) do not count.',
          response: { 200: storeCalendarSchema },
        },
      },
      async (_request, reply) => {
        reply.header('Cache-Control', 'public, max-age=3600');
        return { time_zone: STORE_TIME_ZONE, closed_days: storeClosures() };
      },
    );
  };
}
