/**
 * Photo redaction: a moderator (admin) or the department handling a report blurs parts of one of its
 * photos (faces, number plates, a house number); the server writes the blurred copy and removes the
 * original everywhere it was stored. No zod here: the post page loads these texts with itself.
 */

/** Boxes are fractions of the photo (0..1 from its top-left corner). */
export const REDACTION_LIMITS = {
  /** Boxes in one request. */
  maxBoxes: 20,
  /** A box's side at least this fraction of the photo's side (about 10 px on a 1000 px photo). */
  minSide: 0.01,
} as const;

export const REDACTION_TEXTS = {
  boxesRequired: 'Draw at least one box to blur.',
  tooManyBoxes: `At most ${REDACTION_LIMITS.maxBoxes} boxes can be blurred at once.`,
  boxInvalid: 'Each box must lie inside the photo and be at least 1% of its width and height.',
  notAllowed: 'Only admins and the department handling this report can blur its photos.',
  imageNotFound: 'Photo not found',
  concurrent: 'This photo was just changed by someone else. Please reload and try again.',
  redacted: 'Photo blurred. The original has been deleted.',
};

export const REDACTION_UI = {
  heading: 'Photos',
  hint: 'Blur faces, number plates or anything else that should not be public. The original photo is deleted.',
  open: 'Blur parts of this photo',
  openNumbered: (n: number) => `Blur parts of photo ${n}`,
  dialogTitle: 'Blur parts of this photo',
  instructions: 'Drag on the photo to draw a box over what must be blurred. With the keyboard, add a box, then move it with the arrow keys; Shift and the arrow keys change its size.',
  photoAlt: (n: number) => `Photo ${n} of the report`,
  addBox: 'Add box',
  removeBox: (n: number) => `Remove box ${n}`,
  box: (n: number) => `Box ${n} to blur`,
  boxCount: (n: number) => (n === 1 ? '1 box to blur' : `${n} boxes to blur`),
  save: 'Blur and save',
  saving: 'Blurring…',
  cancel: 'Cancel',
  failed: 'Could not blur the photo. Please try again.',
};
