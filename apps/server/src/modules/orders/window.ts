import { STORE_TERMS } from '@everstone/contract';

/** The latest delivery whose return window (STORE_TERMS.returnDays) has closed at `at` (ISO). */
export const windowOpenedBy = (at: string) => new Date(new Date(at).getTime() - STORE_TERMS.returnDays * 86_400_000).toISOString();
