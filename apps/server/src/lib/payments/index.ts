import type { Config } from '../../config.js';
import { PaystackGateway } from './paystack.js';
import { SandboxGateway, type SandboxStore } from './sandbox.js';

export * from './gateway.js';
export { PaystackGateway, paystackSignature, type PaystackOptions } from './paystack.js';
export {
  FAILING_ACCOUNT_NUMBER,
  MemorySandboxStore,
  SANDBOX_BANKS,
  SandboxGateway,
  UNRESOLVABLE_ACCOUNT_NUMBER,
  sandboxAccountName,
  type SandboxOptions,
  type SandboxPayment,
  type SandboxRecord,
  type SandboxStore,
  type SandboxTransfer,
} from './sandbox.js';

export interface GatewayDeps {
  /** Backs the sandbox's checkouts and transfers (a DB table in the app). */
  sandboxStore: SandboxStore;
  /** For tests; defaults to the global fetch. */
  fetch?: typeof fetch;
  /** Per Paystack request; default 15 s. */
  timeoutMs?: number;
}

/** Paystack when PAYSTACK_SECRET_KEY is set, else the built-in sandbox. */
export function createGateway(config: Pick<Config, 'paystack' | 'publicUrl'>, deps: GatewayDeps): PaystackGateway | SandboxGateway {
  if (config.paystack.secretKey) {
    return new PaystackGateway({
      secretKey: config.paystack.secretKey,
      baseUrl: config.paystack.baseUrl,
      timeoutMs: deps.timeoutMs,
      fetch: deps.fetch,
    });
  }
  return new SandboxGateway({ store: deps.sandboxStore, publicUrl: config.publicUrl });
}
