// Made by `npm run build` from the bundle and the start cache; do not edit.
// The shape is read by the MSW entry (src/msw.ts); it is not part of the public API.
declare const document: { readonly id: string; readonly [key: string]: unknown };
export default document;
