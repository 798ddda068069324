import { CampaignThermometer } from "../campaigns/CampaignThermometer";

export function HomePage() {
  return (
    <section className="hero" aria-labelledby="hero-heading">
      <div className="hero-text">
        <h1 id="hero-heading">Answers for curious minds</h1>
        <p>
          Books, magazines, videos and gifts for families, churches and schools — and a place to support the Ark
          campaign.
        </p>
      </div>
      <CampaignThermometer campaign="ark-main" title="The Ark campaign" />
    </section>
  );
}
