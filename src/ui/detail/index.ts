/** The shared parts of every detail page (second-hand, rental, new home, commercial, overseas). */
export { ActionBar, type ActionBarProps, FavouriteButton, ShareButton, useBackPath } from './ActionBar.tsx';
export { AgentCard, type AgentInfo, type AgentPhone, guardChat, useChatHref } from './AgentCard.tsx';
export { Gallery, type GalleryProps } from './Gallery.tsx';
export { CHAT_ID_REQUIRED, type CollectKind, chatSessionPath, collectKindOf, loginHref, num, telHref } from './links.ts';
export { CommunityCard, type CommunityInfo, Description, DetailBlock, type Fact, KeyFacts, SimilarListings, Timeline } from './parts.tsx';
export { showToast } from './toast.ts';
