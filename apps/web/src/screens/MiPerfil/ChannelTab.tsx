import { Link } from 'react-router';
import { Clapperboard } from 'lucide-react';
import { esMiPerfil } from '../../i18n/screens/miPerfil';
import styles from './ChannelTab.module.css';

const text = esMiPerfil.channel;

/** /perfil?tab=canal: until channels land, what the tab will hold and where to watch meanwhile. */
export function ChannelTab() {
  return (
    <div className={`card ${styles.card}`}>
      <Clapperboard aria-hidden="true" size={40} className={styles.icon} />
      <h2 className={styles.title}>{text.title}</h2>
      <p className={styles.text}>{text.soon}</p>
      <Link to="/canales" className="btn btn-secondary">
        {text.browse}
      </Link>
    </div>
  );
}
