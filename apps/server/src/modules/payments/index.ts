/** The payments module's public face: the wallet, its providers, and the hooks through which it reaches the store. */
export {
  createWalletService,
  PaidLinesLostError,
  REVIEW_POLL_MS,
  WALLET_PAYMENT_TTL_MS,
  type CapturedOrder,
  type CapturedPayment,
  type PaidLine,
  type WalletHooks,
  type WalletService,
} from './service.ts';
export { createPayPalProvider } from './paypal.ts';
export { walletRefunds } from './refunds.ts';
export { createSimulatorProvider } from './simulator.ts';
export { simulatorRoutes } from './simulator-routes.ts';
export { walletWebhookRoutes } from './routes.ts';
export { WalletProviderError, type WalletProvider } from './provider.ts';
