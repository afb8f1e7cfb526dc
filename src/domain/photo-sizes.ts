// The sizes a photo is stored in, apart from its schemas: the command line reads them without loading TypeBox.

/** The stored sizes, smallest first, each by the longest edge it may have; none is ever upscaled. */
export const photoLongEdges = { small: 100, medium: 300, large: 600, full: 1600 } as const;
export type PhotoSize = keyof typeof photoLongEdges;
export const photoSizes = Object.keys(photoLongEdges) as PhotoSize[];
export const isPhotoSize = (value: string): value is PhotoSize => Object.hasOwn(photoLongEdges, value);
