import { useEffect, useRef, useState } from 'react';

export interface PreviewFile {
  file: File;
  /** Object URL of `file`: revoked when replaced, cleared or unmounted. */
  url: string;
}

/** A chosen image and its preview URL, before it is saved. */
export function usePreviewFile() {
  const [chosen, setChosen] = useState<PreviewFile | null>(null);
  const objectUrl = useRef<string | null>(null);

  const release = () => {
    if (objectUrl.current) URL.revokeObjectURL(objectUrl.current);
    objectUrl.current = null;
  };
  // Leaving the screen frees the preview's memory.
  useEffect(() => release, []);

  return {
    chosen,
    pick(file: File) {
      release();
      objectUrl.current = URL.createObjectURL(file);
      setChosen({ file, url: objectUrl.current });
    },
    clear() {
      release();
      setChosen(null);
    },
  };
}
