import { SettingsScreen } from '../../../components/profile/SettingsScreen';

export default function GovernmentSettings() {
  return <SettingsScreen />;
}
