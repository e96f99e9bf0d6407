import { esPlaceholders } from '../../i18n/screens/placeholders';
import { usePageTitle } from '../../app/usePageTitle';
import bones from './skeleton.module.css';
import styles from './Placeholder.module.css';

type Variant = 'grid' | 'cards' | 'video';

interface PlaceholderProps {
  title: string;
  intro: string;
  variant: Variant;
  /** Tab title when it differs from the heading. */
  pageTitle?: string;
  description?: string;
}

const repeat = (count: number) => Array.from({ length: count }, (_, index) => index);

/** Heading, one line of intro and a skeleton shaped like the screen that will replace it. */
export function Placeholder({ title, intro, variant, pageTitle, description }: PlaceholderProps) {
  usePageTitle(pageTitle ?? title, description);
  return (
    <div className={`container ${styles.page}`}>
      <header className={styles.header}>
        <h1>{title}</h1>
        <p className={styles.intro}>{intro}</p>
      </header>
      <p className="visually-hidden" role="status">
        {esPlaceholders.loading}
      </p>
      <div className={styles[variant]} aria-hidden="true">
        <Skeleton variant={variant} />
      </div>
    </div>
  );
}

function Skeleton({ variant }: { variant: Variant }) {
  switch (variant) {
    case 'grid':
      return repeat(9).map((key) => <span key={key} className={`${bones.bone} ${styles.tile}`} />);
    case 'cards':
      return repeat(6).map((key) => (
        <span key={key} className={styles.card}>
          <span className={`${bones.bone} ${styles.thumb}`} />
          <span className={bones.line} />
          <span className={`${bones.line} ${styles.short}`} />
        </span>
      ));
    case 'video':
      return (
        <>
          <span className={`${bones.bone} ${styles.player}`} />
          <span className={`${bones.line} ${styles.wide}`} />
          <span className={styles.row}>
            <span className={`${bones.circle} ${styles.avatarSmall}`} />
            <span className={`${bones.line} ${styles.short}`} />
          </span>
        </>
      );
  }
}
