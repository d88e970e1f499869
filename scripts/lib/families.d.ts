export interface Family {
  /** `apis:` key in redocly.yaml, also the folder name under spec/ and generated/. */
  id: string;
  /** Entry document, absolute. */
  root: string;
  title: string;
  status: string;
}
export declare function readFamilies(rootDir: string): Promise<Family[]>;
