/** The shared parts of every detail page (second-hand, rental, new home, commercial, overseas). */
export { ActionBar, type ActionBarProps, FavouriteButton, ShareButton, useBackPath } from './ActionBar.tsx';
export { AgentCard, type AgentInfo, type AgentPhone, agentInfoOf, guardChat, useChatHref } from './AgentCard.tsx';
export { Gallery, type GalleryProps } from './Gallery.tsx';
export { ListingFooter } from './ListingFooter.tsx';
export {
  CHAT_ID_REQUIRED,
  type CollectKind,
  chatSessionPath,
  collectKindOf,
  day,
  loginHref,
  num,
  priceLogItems,
  telHref,
} from './links.ts';
export {
  CommunityCard,
  type CommunityInfo,
  Description,
  DetailBlock,
  DetailHead,
  type Fact,
  KeyFacts,
  SimilarListings,
  Timeline,
} from './parts.tsx';
export { showToast } from './toast.ts';
