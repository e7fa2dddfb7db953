/**
 * The one image pixel limit, everywhere sharp decodes something an owner sent or linked (media library,
 * brand logo and header, profile picture, email images, social avatars, video photos). sharp's own
 * default is ~268 megapixels: a 250 KB PNG of 16000 × 16000 would cost ~1 GB to decode. 50 MP is
 * more than any phone camera (a 48 MP sensor is 8064 × 6048 = 48.8 MP).
 */
export const MAX_IMAGE_PIXELS = 50_000_000;

/** Options for every sharp() that reads an image from outside: refuses larger ones before decoding. */
export const imageInput = { limitInputPixels: MAX_IMAGE_PIXELS } as const;

export const tooManyPixelsMessage = (width: number, height: number) =>
  `This image is ${width} × ${height} pixels; images can be at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels`;

/** For reading an image's header only (sharp's metadata(), which decodes no pixels): the size is then checked against MAX_IMAGE_PIXELS. */
export const imageHeaderOnly = { limitInputPixels: false } as const;
