import { PageSpinner } from '@/components/page-spinner';
import { useAuth } from '@/lib/auth';
import { ChangePasswordForm } from '../components/change-password-form';
import { PersonalInfoForm } from '../components/personal-info-form';

export function ProfilePage() {
  const { user } = useAuth();
  if (!user) return <PageSpinner />;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Mi Perfil</h1>
        <p className="text-slate-600">Gestiona tus datos personales y tu contraseña.</p>
      </div>
      <PersonalInfoForm key={user.id} user={user} />
      <ChangePasswordForm />
    </div>
  );
}
