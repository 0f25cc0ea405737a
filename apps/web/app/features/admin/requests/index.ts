/** What the other areas show of a shopper's messages and requests: the cards staff work them with, and their clock. */
export { MessageCard } from './message-card';
export { CustomRequestCard, ReplyCountdown, useMinuteClock } from './request-cards';
export { HomePreviewCard } from './home-preview-card';
