import { Link } from 'react-router';
import { House, Images, MapPinned } from 'lucide-react';
import { esCommon } from '../../i18n/screens/common';
import { esNotFound } from '../../i18n/screens/notFound';
import { usePageTitle } from '../../app/usePageTitle';
import { DeadEnd } from '../../components/DeadEnd/DeadEnd';
import styles from './404.module.css';

const text = esNotFound;

export default function NotFoundScreen() {
  usePageTitle(text.title);
  return (
    <div className={`container ${styles.page}`}>
      <DeadEnd label={text.illustration} className={styles.scene} />
      <h1 className={styles.title}>{text.title}</h1>
      <p className={styles.text}>{text.text}</p>
      <p className={styles.suggestions}>{text.suggestions}</p>
      <nav className={styles.links} aria-label={text.suggestions}>
        <Link to="/" className="btn btn-primary">
          <House aria-hidden="true" size={18} />
          {esCommon.goHome}
        </Link>
        <Link to="/mapa" className="btn btn-secondary">
          <MapPinned aria-hidden="true" size={18} />
          {esCommon.goMap}
        </Link>
        <Link to="/muro" className="btn btn-secondary">
          <Images aria-hidden="true" size={18} />
          {esCommon.goWall}
        </Link>
      </nav>
    </div>
  );
}
