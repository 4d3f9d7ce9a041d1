export function ConsultationPanel() {
  return (
    <section id="consultation" data-testid="consultation-panel" aria-labelledby="consultation-title">
      <h2 id="consultation-title">Book a Free Consultation</h2>
    </section>
  );
}
