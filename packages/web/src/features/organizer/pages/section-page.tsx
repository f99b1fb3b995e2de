/** A section of the organizer area whose screen arrives with its own issue. */
export function SectionPage({ title }: { title: string }) {
  return <h1 className="text-2xl font-bold">{title}</h1>;
}
