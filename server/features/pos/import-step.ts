import type { CloverClient } from '../../providers/pos/clover-client.ts';
import type { SquareClient } from '../../providers/pos/square-client.ts';
import type { CustomerInput } from '../customers/customer-input.ts';
import type { OrderInput } from '../customers/order-upsert.ts';
import type { ImportState } from './import-state.ts';

/** What one import step may use: the provider's client, a fresh token, and where to save what it read. */
export type ImportIo = {
  merchantId: string;
  signal: AbortSignal;
  token: () => Promise<string>;
  square: () => SquareClient;
  clover: () => CloverClient;
  saveCustomers: (customers: CustomerInput[]) => Promise<void>;
  saveOrders: (orders: OrderInput[]) => Promise<void>;
};

/** Fetches and stores one page, returning the checkpoint to save. */
export type ImportStep = (state: ImportState, io: ImportIo) => Promise<ImportState>;
