import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { JurisdictionEditor } from '../../../components/government/JurisdictionEditor';
import { SettingsScreen } from '../../../components/profile/SettingsScreen';

/** The department's settings: the account settings every role has, and its jurisdiction (issue 16, #jurisdiction). */
export default function GovernmentSettings() {
  const { hash } = useLocation();
  useEffect(() => {
    if (hash === '#jurisdiction') document.getElementById('jurisdiction')?.scrollIntoView();
  }, [hash]);
  return (
    <div className="space-y-6">
      <SettingsScreen />
      <div id="jurisdiction" className="max-w-3xl scroll-mt-20">
        <JurisdictionEditor departmentId="me" />
      </div>
    </div>
  );
}
