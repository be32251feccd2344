import { GatewayError } from '../../src/api/index.ts';

/** The GatewayError a gateway call fails with; anything else (an answer, another error) fails the test. */
export async function gatewayFailure(p: Promise<unknown>): Promise<GatewayError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof GatewayError) return err;
    throw err;
  }
  throw new Error('expected a GatewayError');
}
