import { POST_TEXTS, TEXTS, type Localized } from '@civicpulse/shared';
import { localized } from '../../i18n';
import { localizeMessage } from '../../i18n/message';

/** The report form's fields a check can point at ('map': the point picked on the map). */
export type PostField = 'caption' | 'images' | 'state' | 'landmark' | 'address' | 'pincode' | 'map';

type Texts = Localized<typeof TEXTS>;
type PostTexts = Localized<typeof POST_TEXTS>;

/** The texts each field's checks answer with (spec 5 "Create post", plus our length and India checks). */
const FIELD_TEXTS: ReadonlyArray<readonly [PostField, (v: Texts['validation'], p: PostTexts) => readonly string[]]> = [
  ['caption', (v, p) => [v.captionRequired, p.captionTooLong]],
  ['images', (v, p) => [v.imageRequired, p.tooManyImages]],
  ['state', (v) => [v.stateRequired]],
  ['landmark', (v, p) => [v.landmarkRequired, p.landmarkTooLong]],
  ['address', (v, p) => [v.addressRequired, p.addressTooLong]],
  ['pincode', (v, p) => [v.pincodeRequired, v.pincodeFormat, p.pincodeTooLong]],
  ['map', (v, p) => [v.locationRequired, p.outsideIndia]],
];

/**
 * Which field a create/edit check's text is about, so the text also shows next to that field. The text is
 * either the shared check's own (English: validateCreatePost answers in the spec's words) or the server's
 * (in the language the user reads, Accept-Language), so both versions are matched.
 */
export function createPostProblemField(message: string): PostField | null {
  const versions: ReadonlyArray<readonly [Texts, PostTexts]> = [
    [TEXTS, POST_TEXTS],
    [localized(TEXTS), localized(POST_TEXTS)],
  ];
  for (const [field, texts] of FIELD_TEXTS) {
    for (const [t, p] of versions) if (texts(t.validation, p).includes(message)) return field;
  }
  return null;
}

/**
 * A shared check's answer (validateCreatePost, validateLocation, validateCommentContent, validateReason and
 * the like answer in English, the spec's words) in the language the user reads; any other text (a server's
 * message, already localised) as it is.
 */
export function localizeProblem(text: string): string {
  return localizeMessage(text, TEXTS, POST_TEXTS);
}
