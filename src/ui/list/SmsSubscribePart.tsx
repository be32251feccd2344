import { lazyPart } from '../lazy-part.tsx';

/**
 * The lists' SMS subscription form (SmsSubscribe.tsx) under the last card: its chunk, with the member form code, loads
 * when it comes into view; before that it is the server's plain form (issue 35 part 4).
 */
export const SmsSubscribePart = lazyPart(() => import('./SmsSubscribe.tsx').then((m) => m.SmsSubscribe), {
  when: 'view',
  fallback: () => <div className="dxdy dxdy--wait" />,
});
