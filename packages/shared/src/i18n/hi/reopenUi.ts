import type { REOPEN_UI } from '../../reopenUi.js';
import type { Localized } from '../localized.js';

export const REOPEN_UI_HI: Localized<typeof REOPEN_UI> = {
  reopenPhotos: 'जो अभी भी ठीक नहीं है, उसकी तस्वीरें (वैकल्पिक)',
  reopenPhotosHint: 'अधिकतम 6 तस्वीरें, JPEG, PNG या WebP। विभाग इन्हें आपके कारण के साथ देखेगा।',
  rejectedBadge: 'अस्वीकृत',
  rejectedProofHeading: 'वह प्रमाण जिसे शिकायतकर्ता ने स्वीकार नहीं किया',
  rejectedReason: (reason: string) => `शिकायतकर्ता का कारण: ${reason}`,
  reporterPhotos: 'जो अभी भी ठीक नहीं है, उसकी शिकायतकर्ता की तस्वीरें',
  timelineRating: (label: string) => `रेटिंग: ${label}`,
};
