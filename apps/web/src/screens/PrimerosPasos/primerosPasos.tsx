import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { SessionUserData } from '@nomadas/shared/schemas';
import { BookOpen, Camera, Caravan, Check, PenLine, Users } from 'lucide-react';
import { QueryScope } from '../../api/QueryScope';
import { useRecommendedUsersQuery } from '../../api/queries/recommendedUsers';
import { usePageTitle } from '../../app/usePageTitle';
import { Avatar } from '../../components/Avatar/Avatar';
import { FollowButton } from '../../components/FollowButton/FollowButton';
import { esPrimerosPasos } from '../../i18n/screens/primerosPasos';
import { VEHICLE_SECTION_ID, useMyVehicle } from '../../map/myVehicle';
import { profilePath } from '../../posts/PostParts';
import { useSessionUser } from '../../session/session';
import { LoginRequired } from '../_shared/LoginRequired';
import styles from './primerosPasos.module.css';

const text = esPrimerosPasos;
/** Nomads suggested to follow: a few, not a directory. */
const SUGGESTED = 4;
/** The settings tab of /perfil: photo, description and 'Mi vehículo'. */
const SETTINGS_PATH = '/perfil';
/** The '10 joyas' guide every new account has. */
const GUIDE_PATH = '/guia';

/**
 * /primeros-pasos: where the first login of a new account lands (the login answer's `first`, set by the server
 * once per account): photo, description, vehicle, a few nomads to follow and the guide. A step already done
 * (a photo, a description, a vehicle) says so.
 */
export default function PrimerosPasosScreen() {
  usePageTitle(text.title, text.description);
  const user = useSessionUser();
  if (!user) {
    return (
      <div className={`container ${styles.page}`}>
        <LoginRequired title={text.visitorTitle} message={text.visitorText} />
      </div>
    );
  }
  return (
    <QueryScope>
      <FirstSteps user={user} />
    </QueryScope>
  );
}

function FirstSteps({ user }: { user: SessionUserData }) {
  const vehicle = useMyVehicle();
  return (
    <div className={`container ${styles.page}`}>
      <header className={styles.header}>
        <Avatar name={user.u} src={user.i} size={64} />
        <div>
          <p className={styles.eyebrow}>{text.title}</p>
          <h1 className={styles.title}>{text.welcome(user.u)}</h1>
        </div>
      </header>
      <p className={styles.lead}>{text.lead}</p>
      <ol className={styles.steps} aria-label={text.stepsLabel}>
        <Step icon={<Camera size={22} />} title={text.photo.title} body={text.photo.text} done={!!user.i}>
          <Link to={SETTINGS_PATH} className="btn btn-secondary">
            {text.photo.action}
          </Link>
        </Step>
        <Step icon={<PenLine size={22} />} title={text.about.title} body={text.about.text} done={!!user.d}>
          <Link to={SETTINGS_PATH} className="btn btn-secondary">
            {text.about.action}
          </Link>
        </Step>
        <Step
          icon={<Caravan size={22} />}
          title={text.vehicle.title}
          body={text.vehicle.text}
          done={!!vehicle.vehicle}
        >
          <Link to={`${SETTINGS_PATH}#${VEHICLE_SECTION_ID}`} className="btn btn-secondary">
            {text.vehicle.action}
          </Link>
        </Step>
        <Step icon={<Users size={22} />} title={text.follow.title} body={text.follow.text}>
          <Suggestions />
        </Step>
        <Step icon={<BookOpen size={22} />} title={text.guide.title} body={text.guide.text}>
          <Link to={GUIDE_PATH} className="btn btn-secondary">
            {text.guide.action}
          </Link>
        </Step>
      </ol>
      <p className={styles.finish}>
        <Link to="/muro" className="btn btn-primary">
          {text.finish}
        </Link>
      </p>
    </div>
  );
}

function Step({
  icon,
  title,
  body,
  done = false,
  children,
}: {
  icon: ReactNode;
  title: string;
  body: string;
  done?: boolean;
  children: ReactNode;
}) {
  return (
    <li className={`card ${styles.step}`}>
      <span className={`${styles.icon} ${done ? styles.iconDone : ''}`} aria-hidden="true">
        {done ? <Check size={22} /> : icon}
      </span>
      <div className={styles.stepBody}>
        <h2 className={styles.stepTitle}>
          {title}
          {done && <span className={styles.done}>{text.done}</span>}
        </h2>
        <p className={styles.stepText}>{body}</p>
        {!done && <div className={styles.stepAction}>{children}</div>}
      </div>
    </li>
  );
}

/** Active nomads to follow (the wall's 'Otros muros' suggestions). */
function Suggestions() {
  const recommended = useRecommendedUsersQuery();
  if (recommended.isPending) return null;
  const users = (recommended.data ?? []).slice(0, SUGGESTED);
  if (users.length === 0) return <p className={styles.stepText}>{text.follow.empty}</p>;
  return (
    <ul className={styles.people}>
      {users.map((other) => (
        <li key={other.username} className={styles.person}>
          <Link to={profilePath(other.username)} className={styles.personLink}>
            <Avatar name={other.username} src={other.img} size={40} />
            <span className={styles.personName}>{other.username}</span>
          </Link>
          <FollowButton username={other.username} follow={other.follow} />
        </li>
      ))}
    </ul>
  );
}
