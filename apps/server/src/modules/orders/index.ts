/** The orders module's public face. */
export { createOrderService, toOrder, drawOrderNumber, stockOf, lineIdentity, unitsHeldFromStock, type OrderService, type OrderDraft, type OrderDetails } from './service.ts';
export { type OrderLineDraft, type OrderedProduct, type LineVariant } from './lines.ts';
export { createOrderDesk, deskLines, holdsOf, stepsOf, factsOf, OrderStepRefused, DEFAULT_SIGNATURE_REQUIRED_FROM_CENTS, type OrderDesk, type DeskOrder, type RecordStep, type StepBy, type ParcelInput } from './desk.ts';
export { type OrderSearch } from './search-repository.ts';
export { orderRoutes, returnLabelRoutes } from './routes.ts';
export { staffNextStep } from './staff-steps.ts';
export { createReturns, labelPath, ReturnStepRefused, type Returns, type ReturnStepBy, type RecordReturnStep, type ReturnLabel, type RefundRoute } from './returns.ts';
export { createCare, CareStepRefused, type Care, type CareStepBy, type RecordCareStep } from './care.ts';
