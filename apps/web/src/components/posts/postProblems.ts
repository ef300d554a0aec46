import { POST_TEXTS, TEXTS } from '@civicpulse/shared';

/** The report form's fields a check can point at ('map': the point picked on the map). */
export type PostField = 'caption' | 'images' | 'state' | 'landmark' | 'address' | 'pincode' | 'map';

const V = TEXTS.validation;

/** Which field a create/edit check's text is about, so the text also shows next to that field. */
export function createPostProblemField(message: string): PostField | null {
  switch (message) {
    case V.captionRequired:
    case POST_TEXTS.captionTooLong:
      return 'caption';
    case V.imageRequired:
    case POST_TEXTS.tooManyImages:
      return 'images';
    case V.stateRequired:
      return 'state';
    case V.landmarkRequired:
    case POST_TEXTS.landmarkTooLong:
      return 'landmark';
    case V.addressRequired:
    case POST_TEXTS.addressTooLong:
      return 'address';
    case V.pincodeRequired:
    case POST_TEXTS.pincodeTooLong:
      return 'pincode';
    case V.locationRequired:
    case POST_TEXTS.outsideIndia:
      return 'map';
    default:
      return null;
  }
}
