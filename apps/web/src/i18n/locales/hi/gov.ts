/** Hindi for locales/en/gov.ts: the same keys (a missing or extra key fails to compile and fails i18n.test). */
import type { Localized } from '@civicpulse/shared';
import type { gov as en } from '../en/gov';

export const gov: Localized<typeof en> = {
  home: {
    welcome: 'स्वागत है',
    welcomeName: 'स्वागत है, {{name}}',
    intro: 'जनता की शिकायतों पर नज़र रखें, उनकी स्थिति अपडेट करें और अपने विभाग द्वारा ली गई हर शिकायत की प्रगति देखें।',
    viewPostsBody: 'वे शिकायतें जो किसी विभाग के ज़िम्मा लेने की प्रतीक्षा में हैं।',
    viewProgressBody: 'आपका विभाग जिन शिकायतों पर काम कर रहा है, उन्हें आगे बढ़ाएँ।',
    resolvedIssuesBody: 'आपके विभाग द्वारा पूरे किए गए काम।',
  },
  sort: {
    default: 'सामान्य क्रम',
    mostUpvotes: 'सबसे ज़्यादा अपवोट',
    leastUpvotes: 'सबसे कम अपवोट',
    mostDownvotes: 'सबसे ज़्यादा डाउनवोट',
    leastDownvotes: 'सबसे कम डाउनवोट',
    newest: 'नवीनतम पहले',
    oldest: 'सबसे पुरानी पहले',
  },
  jurisdiction: {
    atMost: 'अधिकतम {{max}}',
  },
};
