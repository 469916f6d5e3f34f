import { LegalPage } from './LegalPage';

export default function ImprintPage() {
  return <LegalPage document="imprint" />;
}
