import { Link } from 'react-router';
import { Tv } from 'lucide-react';
import { esCanal } from '../../i18n/screens/canal';
import { StatusPanel } from '../_shared/StatusPanel';
import styles from './canal.module.css';

const text = esCanal.notFound;

/** An unknown channel (404): the way back to the list. */
export function ChannelNotFound() {
  return (
    <div className={`container ${styles.page}`}>
      <StatusPanel tone="ko" level="h1" title={text.title} message={text.text}>
        <Link to="/canales" className="btn btn-primary">
          <Tv aria-hidden="true" size={18} />
          {text.goChannels}
        </Link>
      </StatusPanel>
    </div>
  );
}
