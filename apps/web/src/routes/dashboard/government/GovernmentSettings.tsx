import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { JurisdictionEditor } from '../../../components/government/JurisdictionEditor';
import { SettingsScreen } from '../../../components/profile/SettingsScreen';

/**
 * The department's settings: its jurisdiction first (where it works decides what View Issues shows and
 * which new reports notify it), then the account settings every role has (#jurisdiction scrolls to it).
 */
export default function GovernmentSettings() {
  const { hash } = useLocation();
  useEffect(() => {
    if (hash === '#jurisdiction') document.getElementById('jurisdiction')?.scrollIntoView();
  }, [hash]);
  return (
    <SettingsScreen
      first={
        <div id="jurisdiction" className="scroll-mt-20">
          <JurisdictionEditor departmentId="me" />
        </div>
      }
    />
  );
}
