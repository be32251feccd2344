/** The shared parts of every detail page (second-hand, rental, new home, commercial, overseas). */
export { ActionBar, type ActionBarProps, FavouriteButton, ShareButton } from './ActionBar.tsx';
export { AgentCard } from './AgentCard.tsx';
export { type AgentInfo, type AgentPhone, agentInfoOf, guardChat, useChatHref } from './agent.ts';
export { CommunityCard, type CommunityInfo, FollowCount, Timeline } from './blocks.tsx';
export { DetailHead } from './DetailHead.tsx';
export { Gallery, type GalleryProps } from './Gallery.tsx';
export { collectKindOf, ListingFooter } from './ListingFooter.tsx';
export {
  CHAT_ID_REQUIRED,
  type CollectKind,
  chatSessionPath,
  day,
  loginHref,
  num,
  priceLogItems,
  telHref,
  useBackPath,
} from './links.ts';
export { Description, DetailBlock, type Fact, KeyFacts } from './parts.tsx';
export { SimilarListings } from './SimilarListings.tsx';
export { showToast } from './toast.ts';
