import { RefreshCw } from 'lucide-react';
import { useOwnProfileQuery } from '../../api/queries/ownProfile';
import { esSettings } from '../../i18n/screens/settings';
import bones from '../../styles/skeleton.module.css';
import { DangerSection, DataSection, SessionSection } from './settings/AccountSection';
import { EmailSection } from './settings/EmailSection';
import { OfflineDataSection } from './settings/OfflineDataSection';
import { PasswordSection } from './settings/PasswordSection';
import { ProfileSection } from './settings/ProfileSection';
import { VehicleSection } from './settings/VehicleSection';
import styles from './settings/settings.module.css';

const text = esSettings;

/** Tab 'perfil' of /perfil (Configuración): profile, e-mail, password, data export, offline data, logout, deletion. */
export function SettingsTab() {
  const profile = useOwnProfileQuery();

  if (profile.isPending) {
    return (
      <div className={styles.grid} aria-busy="true">
        <p className="visually-hidden" role="status">
          {text.loading}
        </p>
        <div className={`card ${styles.section} ${styles.profile}`} aria-hidden="true">
          <span className={`${bones.bone} ${styles.boneCover}`} />
          <div className={styles.body}>
            <span className={`${bones.line} ${styles.boneLine}`} />
            <span className={`${bones.bone} ${styles.boneField}`} />
          </div>
        </div>
        <div className={`card ${styles.section}`} aria-hidden="true">
          <div className={styles.body}>
            <span className={`${bones.line} ${styles.boneLine}`} />
            <span className={`${bones.bone} ${styles.boneInput}`} />
            <span className={`${bones.bone} ${styles.boneInput}`} />
          </div>
        </div>
      </div>
    );
  }

  if (profile.isError) {
    return (
      <div className={`card ${styles.section} ${styles.failed}`} role="alert">
        <p>{text.loadFailed}</p>
        <button type="button" className="btn btn-secondary" onClick={() => void profile.refetch()}>
          <RefreshCw aria-hidden="true" size={20} />
          {text.retry}
        </button>
      </div>
    );
  }

  const data = profile.data;
  return (
    <div className={styles.grid}>
      <ProfileSection profile={data} />
      <EmailSection profile={data} />
      <VehicleSection />
      <PasswordSection username={data.username} />
      <DataSection />
      <OfflineDataSection />
      <SessionSection />
      <DangerSection username={data.username} />
    </div>
  );
}
