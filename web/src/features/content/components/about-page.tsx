import { Link } from 'react-router-dom';
import { usePublicConfig } from '../../../lib/public-config';
import { useDocumentTitle } from '../../../lib/use-document-title';

const PRINCIPLES = [
  {
    title: 'Small steps beat big plans',
    text: 'We design for the next action, not the perfect roadmap. Every screen answers “what can I do now?”.',
  },
  {
    title: 'Respect people’s energy',
    text: 'Nobody is at 100% all day. Good tools adapt to how you feel instead of guilting you about it.',
  },
  {
    title: 'Privacy by default',
    text: 'We collect what the product needs, hash what analytics sees, and honour Do Not Track. Your goals are yours.',
  },
  {
    title: 'Fair pricing',
    text: 'A useful free plan, honest limits, cancel anytime. If price is what stands between you and Pro, talk to us.',
  },
];

export function AboutPage() {
  useDocumentTitle('About us');
  const { supportEmail } = usePublicConfig();
  return (
    <div className="page page--content">
      <article className="prose">
        <p className="prose__tag">About us</p>
        <h1>We build Stride for people with more ambition than hours</h1>
        <p className="prose__lead">
          Stride started with a notebook full of abandoned goals. Not because they were the wrong goals, but because the
          space between “I want to” and “I did” was never planned.
        </p>
        <p>
          We are a small, remote team of designers and engineers who have each spent years building productivity
          software. We kept seeing the same thing: people do not need more lists. They need the next step to be obvious,
          sized for the time they have, and suited to the energy they have left.
        </p>
        <p>
          So Stride does three things well. It keeps your goals in front of you. It uses AI to turn each goal into
          concrete, estimated tasks. And it lets you pick work by energy, so a tired Tuesday evening still moves
          something forward.
        </p>
        <h2>What we believe</h2>
      </article>
      <div className="principles">
        {PRINCIPLES.map((p) => (
          <div key={p.title} className="principle">
            <h3>{p.title}</h3>
            <p>{p.text}</p>
          </div>
        ))}
      </div>
      <article className="prose">
        <h2>Say hello</h2>
        <p>
          We read every message. Write to <a href={`mailto:${supportEmail}`}>{supportEmail}</a> with questions, ideas or
          the story of a goal you finished — those are our favourite. Or read more on <Link to="/blog">our blog</Link>.
        </p>
      </article>
    </div>
  );
}
