/** The store's business calendar: the days it is closed, set for the process and said by GET /api/calendar. */
export { storeClosedDays, applyStoreCalendar } from './closures.ts';
export { calendarRoutes } from './routes.ts';
