export { ProgressTimeline, TimelineList, describeEntry } from './ProgressTimeline';
export { FinalProof } from './FinalProof';
