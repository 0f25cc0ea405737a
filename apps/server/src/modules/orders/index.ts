/** The orders module's public face. */
export { createOrderService, toOrder, drawOrderNumber, stockOf, lineIdentity, unitsHeldFromStock, type OrderService, type OrderDraft, type OrderDetails, type NewOrderLine } from './service.ts';
export { createOrderDesk, deskLines, holdsOf, stepsOf, OrderStepRefused, type OrderDesk, type DeskOrder, type RecordStep } from './desk.ts';
export { type OrderSearch } from './desk-search.ts';
export { orderRoutes } from './routes.ts';
export { staffNextStep } from './staff-steps.ts';
