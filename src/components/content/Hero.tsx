import type { HeroProps } from "../../../generated/types";

export default function Hero({ title, text, ctaLabel, ctaHref, image }: HeroProps) {
  return (
    <section className="sf-hero">
      <div className="sf-hero__text">
        <h1 className="sf-hero__title">{title}</h1>
        {text && <p className="sf-hero__lead">{text}</p>}
        {ctaLabel && ctaHref && (
          <a className="sf-button" href={ctaHref}>
            {ctaLabel}
          </a>
        )}
      </div>
      {image && <img className="sf-hero__image" src={image} alt="" width={240} height={240} />}
    </section>
  );
}
