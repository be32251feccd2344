import t from 'tap';
import { BROKEN_ANSWERS, everyPageOverBrokenGateway } from '../helpers/broken-gateway.ts';

/** Issue 11 point 3 (test/helpers/broken-gateway.ts): every page over a gateway answering broken records. */
for (const mode of ['empty obj', 'null obj', 'empty page']) {
  t.test(`every page with a gateway answering ${mode}: no undefined/null/NaN, nothing cached`, (t) =>
    everyPageOverBrokenGateway(t, BROKEN_ANSWERS[mode]),
  );
}
