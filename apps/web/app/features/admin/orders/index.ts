/** What the other areas of the back office show of an order: its page's address, its link, its status and its hold. */
export { HoldEnd, OrderLink, StatusBadges, adminOrderPath } from './order-links';
export { OrderQueueTable } from './order-queue-table';
