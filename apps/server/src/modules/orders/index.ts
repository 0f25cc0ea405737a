/** The orders module's public face. */
export { createOrderService, toOrder, drawOrderNumber, stockOf, lineIdentity, unitsHeldFromStock, type OrderService, type OrderDraft, type OrderDetails, type NewOrderLine } from './service.ts';
export { createOrderDesk, deskLines, OrderStepRefused, type OrderDesk, type DeskOrder } from './desk.ts';
export { orderRoutes } from './routes.ts';
export { staffNextStep } from './staff-steps.ts';
