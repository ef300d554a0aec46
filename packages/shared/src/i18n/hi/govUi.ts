/** Hindi for ../govUi.ts: the department screens, the route map and the progress timeline. */
import { GOV_UI } from '../../govUi.js';
import type { Localized } from '../localized.js';
import { NAMES_HI } from './names.js';
import { TIMELINE_UI_HI } from './postCardUi.js';

const n = (value: number, digits = 0) => new Intl.NumberFormat('hi-IN', { maximumFractionDigits: digits }).format(value);

/** "1.2 किमी" / "850 मी". */
function distanceHi(meters: number): string {
  return meters < 1000 ? `${n(Math.round(meters))} मी` : `${n(Math.round(meters / 100) / 10, 1)} किमी`;
}

/** "25 मिनट" / "1 घंटा 5 मिनट"; null when unknown. */
function durationHi(seconds: number | null): string | null {
  if (seconds === null || !Number.isFinite(seconds)) return null;
  const minutes = Math.max(1, Math.round(seconds / 60));
  if (minutes < 60) return `${n(minutes)} मिनट`;
  const hours = Math.floor(minutes / 60);
  return `${n(hours)} ${hours === 1 ? 'घंटा' : 'घंटे'} ${n(minutes % 60)} मिनट`;
}

const unseen = () => NAMES_HI.progress.Unseen;
/** A progress state or priority a caller may still pass by its English (wire) name, in Hindi. */
const state = (s: string) => (NAMES_HI.progress as Record<string, string>)[s] ?? (NAMES_HI.currentStates as Record<string, string>)[s] ?? s;
const priority = (p: string) => (NAMES_HI.priorities as Record<string, string>)[p] ?? p;

export const GOV_UI_HI: Localized<typeof GOV_UI> = {
  ...TIMELINE_UI_HI,
  viewIssuesHeading: 'सभी नागरिक पोस्ट',
  viewProgressHeading: 'सभी नागरिक पोस्ट',
  resolvedHeading: 'सभी हल की गई नागरिक पोस्ट',
  viewIssuesIntro: 'वे शिकायतें जिन्हें अभी किसी विभाग ने नहीं लिया है। आगे बढ़ाने पर शिकायत आपके विभाग के ज़िम्मे आ जाती है।',
  viewProgressIntro: 'वे शिकायतें जो आपके विभाग ने ली हैं और जिन पर काम अभी चल रहा है।',
  resolvedIntro: 'वे शिकायतें जिन्हें आपके विभाग ने पूरा किया और शिकायतकर्ताओं ने पुष्टि की।',
  emptyUnassigned: 'आपके फ़िल्टर से मेल खाती कोई पोस्ट नहीं मिली।',
  emptyAssigned: 'कोई पोस्ट नहीं मिली।',
  emptyResolved: 'हल की गई कोई पोस्ट नहीं मिली।',
  loadingPosts: 'पोस्ट लोड हो रही हैं...',
  loadMore: 'और दिखाएँ',
  loadingMore: 'और पोस्ट लोड हो रही हैं...',
  retry: 'फिर से कोशिश करें',

  filters: 'फ़िल्टर',
  priorityFilter: 'प्राथमिकता',
  sortBy: 'क्रम',
  allPriorities: 'सभी',
  clearFilters: 'फ़िल्टर हटाएँ',
  activeFilters: 'लागू फ़िल्टर',
  chipPriority: (p: string) => `प्राथमिकता: ${priority(p)}`,
  chipSort: (label: string) => `क्रम: ${label}`,
  removeFilter: (label: string) => `फ़िल्टर हटाएँ: ${label}`,
  showing: (x: number, y: number) => `${n(y)} में से ${n(x)} पोस्ट दिखाई जा रही हैं`,

  reportedBy: 'शिकायतकर्ता',
  advance: 'प्रगति आगे बढ़ाएँ',
  submitFinal: 'अंतिम अपडेट भेजें',
  submitting: 'भेजा जा रहा है...',
  completed: 'पूर्ण',
  goBack: 'पीछे जाएँ',
  working: 'अपडेट हो रहा है...',
  takeOverHint: 'इस शिकायत को आगे बढ़ाने पर यह आपके विभाग के ज़िम्मे आ जाएगी।',
  pendingDisabled: 'जब तक कोई एडमिन आपके विभाग का सत्यापन नहीं करता, शिकायतें अपने ज़िम्मे लेना बंद है।',
  waitingHint: 'शिकायतकर्ता द्वारा काम के सत्यापन की प्रतीक्षा है। उनके जवाब तक प्रगति आगे नहीं बढ़ सकती।',
  finalHint: 'अगले चरण के लिए अंतिम अपडेट चाहिए: किए गए काम का विवरण और उसकी तस्वीरें जोड़ें।',
  completedHint: 'शिकायतकर्ता ने समाधान की पुष्टि कर दी है। यह शिकायत हल हो गई है।',

  pendingTitle: 'आपका खाता सत्यापन के लिए लंबित है',
  pendingBody:
    'शिकायतें अपने ज़िम्मे लेने से पहले किसी एडमिन को आपके विभाग का सत्यापन करना होगा। तब तक आप शिकायतें देख सकते हैं, वोट और टिप्पणी कर सकते हैं; ज़िम्मे लेने वाले बटन बंद रहेंगे।',

  finalFormTitle: 'अंतिम अपडेट',
  finalCaption: 'क्या काम किया गया',
  finalCaptionPlaceholder: 'पूरे हुए काम का विवरण दें (जैसे: गड्ढा भरकर सड़क की मरम्मत की गई)',
  finalImages: 'पूरे हुए काम की तस्वीरें',
  finalImagesHint: 'JPEG, PNG या WebP, 1 से 6 तस्वीरें, हर एक अधिकतम 10 MB।',
  cancel: 'रद्द करें',
  uploading: (percent: number) => `तस्वीरें अपलोड हो रही हैं: ${n(percent)}%`,

  showRoute: 'रास्ता दिखाएँ',
  hideRoute: 'रास्ता छिपाएँ',
  routeMapLabel: 'आपकी जगह से शिकायत की जगह तक का रास्ता',
  routeMapLabelFor: (caption: string) => `आपकी जगह से शिकायत की जगह तक का रास्ता: ${caption}`,
  locating: 'आपकी जगह का पता लगाया जा रहा है...',
  routeLoading: 'रास्ता खोजा जा रहा है...',
  locationDeniedRoute: 'आपकी जगह उपलब्ध नहीं है (लोकेशन की अनुमति नहीं मिली या उपलब्ध नहीं), इसलिए नक्शे पर केवल शिकायत की जगह दिखाई गई है।',
  geolocationUnsupportedRoute: 'आपका ब्राउज़र आपकी जगह साझा नहीं कर सकता, इसलिए नक्शे पर केवल शिकायत की जगह दिखाई गई है।',
  routeFailed: 'रास्ता लोड नहीं हो सका, इसलिए नक्शे पर केवल शिकायत की जगह दिखाई गई है।',
  yourPosition: 'आपकी जगह',
  issueLocation: 'शिकायत की जगह',
  straightLine: (distance: string) =>
    `यहाँ सड़क का कोई रास्ता उपलब्ध नहीं है, इसलिए नक्शे पर आपके और शिकायत के बीच सीधी रेखा दिखाई गई है: ${distance}।`,
  drivingRoute: (distance: string, duration: string | null) =>
    duration ? `गाड़ी से रास्ता: ${distance}, लगभग ${duration}।` : `गाड़ी से रास्ता: ${distance}।`,
  directionsLink: 'OpenStreetMap पर दिशा-निर्देश',
  fitRoute: 'पूरा रास्ता दिखाएँ',
  distance: distanceHi,
  duration: durationHi,

  noHistory: 'अभी कोई प्रगति नहीं: किसी विभाग ने यह शिकायत अपने ज़िम्मे नहीं ली है।',
  reported: (name: string) => `${name} ने शिकायत दर्ज की`,
  tookOver: (name: string) => `${name} ने इसे अपने ज़िम्मे लिया और "${NAMES_HI.progress['Problem Seen']}" चिह्नित किया`,
  movedTo: (name: string, to: string) => `${name} ने इसे "${state(to)}" पर पहुँचाया`,
  movedBack: (name: string, to: string) => `${name} ने इसे वापस "${state(to)}" पर किया`,
  released: (name: string) => `${name} ने इसे छोड़ दिया (वापस "${unseen()}")`,
  releasedByAdmin: `इसे संभाल रहे विभाग को एक एडमिन ने हटा दिया; वापस "${unseen()}"`,
  madeBy: (name: string) => `${name} द्वारा`,
  timelineTransferred: (from: string, to: string) => `${from} ने इसे ${to} को स्थानांतरित किया`,
  timelineTriage: (from: string) => `${from} ने इसे सही विभाग खोजने के लिए एडमिन को सौंपा`,
  timelineAppealed: 'शिकायतकर्ता ने समाधान के विरुद्ध अपील की',
  timelineAppealUpheld: (name: string) => `${name} ने अपील स्वीकार की: काम जारी है`,
  timelineAppealDismissed: (name: string) => `${name} ने अपील खारिज की`,
  submittedFinal: (name: string) => `${name} ने अंतिम अपडेट भेजा और शिकायतकर्ता से सत्यापन का अनुरोध किया`,
  reporterConfirmed: 'शिकायतकर्ता ने समाधान की पुष्टि की',
  reporterRejected: (reason: string) => (reason ? `शिकायतकर्ता के अनुसार समस्या अभी हल नहीं हुई: ${reason}` : 'शिकायतकर्ता के अनुसार समस्या अभी हल नहीं हुई'),
  rejectedProof: 'वह प्रमाण जो स्वीकार नहीं हुआ',
  by: (name: string, role: string) => `${name} (${role}) द्वारा`,
  roleLabel: { user: 'नागरिक', government: 'विभाग', admin: 'एडमिन' },
  roleTitle: { user: 'नागरिक', government: 'विभाग', admin: 'एडमिन' },
  resolvedCount: (count: number) => `${n(count)} ${count === 1 ? 'शिकायत' : 'शिकायतें'} हल`,
};
