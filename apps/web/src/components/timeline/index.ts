export { ProgressTimeline, TimelineList, describeEntry } from './ProgressTimeline';
export { FinalProof } from './FinalProof';
export { progressChildren } from './progressChildren';
