// TimelineList (and describeEntry) are imported from './TimelineList' directly: kept out of this index so the
// feed, which imports progressChildren from here, does not load them before a timeline is opened.
export { ProgressTimeline } from './ProgressTimeline';
export { FinalProof } from './FinalProof';
export { progressChildren } from './progressChildren';
