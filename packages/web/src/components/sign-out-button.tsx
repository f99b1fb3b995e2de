import { LogOut } from 'lucide-react';
import { useNavigate } from 'react-router';
import { paths } from '@/app/paths';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/auth';

export function SignOutButton({ label = 'Cerrar Sesión' }: { label?: string }) {
  const { logout } = useAuth();
  const navigate = useNavigate();
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={async () => {
        await logout();
        await navigate(paths.home, { replace: true });
      }}
    >
      <LogOut className="h-4 w-4" aria-hidden />
      {label}
    </Button>
  );
}
