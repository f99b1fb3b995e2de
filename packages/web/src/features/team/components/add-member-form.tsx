import { teamMemberBody, teamRoleDescriptions, type TeamMember, type TeamRole } from '@drinkflow/domain/team';
import { UserPlus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { describedBy, FormField } from '@/components/ui/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { toast } from '@/hooks/use-toast';
import { ApiError, errorMessage } from '@/lib/api';
import { useAddMember } from '../api/team';
import { RoleOptions } from './role-options';

interface FieldErrors {
  email?: string;
  rol?: string;
}

/** The API's refusal on the field it names; a duplicate or the owner's own email belongs to the email. */
function fieldErrorsFrom(error: unknown): FieldErrors | null {
  if (!(error instanceof ApiError)) return null;
  const errors = { email: error.fieldMessage('email'), rol: error.fieldMessage('rol') };
  if (errors.email || errors.rol) return errors;
  return error.status === 409 ? { email: error.message } : null;
}

/** 'Añadir persona': an email and a role; a new person gets a pending invitation with its link. */
export function AddMemberForm({
  eventoId,
  onAdded,
}: {
  eventoId: number;
  onAdded(member: TeamMember): void;
}) {
  const [email, setEmail] = useState('');
  const [rol, setRol] = useState<TeamRole>('barra');
  const [errors, setErrors] = useState<FieldErrors>({});
  const add = useAddMember(eventoId);

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = teamMemberBody.safeParse({ email, rol });
    if (!parsed.success) {
      const messageFor = (field: string) =>
        parsed.error.issues.find((issue) => issue.path[0] === field)?.message;
      setErrors({ email: messageFor('email'), rol: messageFor('rol') });
      return;
    }
    add.mutate(parsed.data, {
      onSuccess: (member) => {
        setEmail('');
        setErrors({});
        toast({
          title: member.estado === 'activo' ? 'Persona añadida' : 'Invitación creada',
          description:
            member.estado === 'activo'
              ? `${member.email} ya forma parte del equipo.`
              : member.emailEnviado
                ? `Invitación enviada por email a ${member.email}.`
                : `Envía el enlace de invitación a ${member.email}.`,
        });
        onAdded(member);
      },
      onError: (error) => {
        const fieldErrors = fieldErrorsFrom(error);
        if (fieldErrors) setErrors(fieldErrors);
        else
          toast({
            title: 'No se pudo añadir',
            description: errorMessage(error, 'Inténtalo de nuevo.'),
            variant: 'destructive',
          });
      },
    });
  }

  return (
    <form noValidate onSubmit={submit} aria-label="Añadir persona" className="grid gap-3 sm:grid-cols-2">
      <FormField id="team-email" label="Email" required error={errors.email}>
        <Input
          id="team-email"
          type="email"
          autoComplete="off"
          required
          placeholder="persona@email.com"
          value={email}
          aria-invalid={!!errors.email}
          aria-describedby={describedBy('team-email', { error: errors.email })}
          onChange={(event) => {
            setEmail(event.target.value);
            setErrors((current) => ({ ...current, email: undefined }));
          }}
        />
      </FormField>
      <FormField id="team-rol" label="Rol" required error={errors.rol} hint={teamRoleDescriptions[rol]}>
        <NativeSelect
          id="team-rol"
          required
          value={rol}
          aria-invalid={!!errors.rol}
          aria-describedby={describedBy('team-rol', { hint: true, error: errors.rol })}
          onChange={(event) => {
            setRol(event.target.value as TeamRole);
            setErrors((current) => ({ ...current, rol: undefined }));
          }}
        >
          <RoleOptions />
        </NativeSelect>
      </FormField>
      <div className="sm:col-span-2">
        <Button type="submit" disabled={add.isPending}>
          <UserPlus className="h-4 w-4" aria-hidden />
          {add.isPending ? 'Añadiendo...' : 'Añadir persona'}
        </Button>
      </div>
    </form>
  );
}
