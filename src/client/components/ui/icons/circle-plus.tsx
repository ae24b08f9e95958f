import { Svg, type IconProps } from './svg.tsx';

export function CirclePlus(props: IconProps) {
  return (
    <Svg {...props}>
      <circle cx="12" cy="12" r="10" />
      <path d="M8 12h8" />
      <path d="M12 8v8" />
    </Svg>
  );
}
